import { LIMITS } from '@enclave/protocol';
import { describe, expect, it } from 'vitest';
import { addTags } from './tags.ts';

describe('tags', () => {
  it('trims and lowercases a tag', () => {
    expect(addTags([], '  WireGuard ')).toEqual(['wireguard']);
  });

  it('never repeats a tag, whatever its case', () => {
    expect(addTags(['vpn'], 'VPN')).toEqual(['vpn']);
  });

  it('splits on commas and skips empty parts', () => {
    expect(addTags(['vpn'], 'Linux, ,self-hosting,linux,')).toEqual(['vpn', 'linux', 'self-hosting']);
  });

  it(`keeps at most ${LIMITS.tagsMax} tags`, () => {
    const many = Array.from({ length: LIMITS.tagsMax + 3 }, (_, index) => `tag${index}`).join(',');
    expect(addTags([], many)).toHaveLength(LIMITS.tagsMax);
  });
});
