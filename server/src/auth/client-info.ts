import type { ClientSummary, DeviceType } from '@enclave/protocol';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** Stored strings are shown back to the member; a forged user agent cannot make them long. */
const MAX_LABEL = 60;
const clip = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

const DEVICE_TYPES: Record<string, DeviceType> = { desktop: 'desktop', mobile: 'phone', tablet: 'tablet' };
const DEVICE_WORDS: Record<DeviceType, string> = {
  desktop: 'Desktop',
  phone: 'Phone',
  tablet: 'Tablet',
  other: 'Unknown device',
};

const major = (version: string | undefined) => version?.split('.')[0] || undefined;

/** Device and browser in a few words ('iPhone (iOS 17)', 'Chrome 131'), from the user agent alone. */
export function describeAgent(userAgent: string | undefined): Omit<ClientSummary, 'place'> {
  const { browser, os, platform } = userAgent?.trim() ? Bowser.parse(userAgent) : { browser: {}, os: {}, platform: {} };
  const deviceType = DEVICE_TYPES[platform.type ?? ''] ?? 'other';
  const system = [os.name, os.versionName ?? major(os.version)].filter(Boolean).join(' ');
  const name = platform.model ?? DEVICE_WORDS[deviceType];
  return {
    device: clip(system ? `${name} (${system})` : name),
    deviceType,
    browser: clip(browser.name ? [browser.name, major(browser.version)].filter(Boolean).join(' ') : 'Unknown browser'),
  };
}

/**
 * The network an address belongs to, and nothing finer: its /24 for IPv4 (an IPv4 address mapped into IPv6
 * counts as IPv4), its /48 for IPv6. The full address is never stored.
 */
export function coarsePlace(address: string): string {
  if (!ipaddr.isValid(address)) return 'Unknown network';
  const parsed = ipaddr.process(address);
  const prefix = parsed.kind() === 'ipv4' ? 24 : 48;
  const bytes = parsed.toByteArray().map((byte, i) => (i < prefix / 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}

/** Who is calling, as a session record or an activity entry keeps it. */
export function describeClient(request: FastifyRequest): ClientSummary {
  return { ...describeAgent(request.headers['user-agent']), place: coarsePlace(request.ip) };
}
