import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '@enclave/protocol';
import type { App } from '../app.ts';
import { signNotification } from '../payments/providers/nowpayments.ts';
import { onFileEnd } from './cleanup.ts';

/** USD per unit of what this fake offers: no usdc, so the product's list shrinks to what it supports. */
const RATES: Record<string, number> = { btc: 65_000, xmr: 150, usdterc20: 1 };
const MIN_AMOUNT: Record<string, number> = { btc: 0.0001, xmr: 0.05, usdterc20: 5 };
const MAX_AMOUNT: Record<string, number> = { btc: 5, xmr: 2000, usdterc20: 250_000 };

export interface FakePayment {
  payment_id: string;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  pay_currency: string;
  order_id: string;
  order_description: string;
  ipn_callback_url?: string;
  created_at: string;
  updated_at: string;
  purchase_id: string;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A local stand-in for the NOWPayments API on loopback: the calls the provider makes, answered in
 * NOWPayments' shapes, each refused without the right `x-api-key`.
 */
export async function startFakeNowPayments(apiKey: string) {
  const payments = new Map<string, FakePayment>();
  const calls: { method: string; path: string; query: Record<string, string>; apiKey: string | undefined }[] = [];
  let nextId = 5_077_000_001;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const key = request.headers['x-api-key'];
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: typeof key === 'string' ? key : undefined,
    });
    if (key !== apiKey) {
      send(response, 403, { status: false, statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' });
      return;
    }
    const route = `${request.method} ${url.pathname}`;
    const q = (name: string) => url.searchParams.get(name) ?? '';
    if (route === 'GET /v1/currencies' && q('fixed_rate') === 'true') {
      send(response, 200, {
        currencies: Object.keys(RATES).map((currency) => ({
          currency,
          min_amount: MIN_AMOUNT[currency],
          max_amount: MAX_AMOUNT[currency],
        })),
      });
    } else if (route === 'GET /v1/estimate') {
      const rate = RATES[q('currency_to')];
      if (q('currency_from') !== 'usd' || !rate)
        return send(response, 400, { message: 'Currency pair is not supported' });
      send(response, 200, {
        currency_from: 'usd',
        amount_from: Number(q('amount')),
        currency_to: q('currency_to'),
        estimated_amount: (Number(q('amount')) / rate).toFixed(8),
      });
    } else if (route === 'GET /v1/min-amount') {
      const min = MIN_AMOUNT[q('currency_from')];
      if (min === undefined) return send(response, 400, { message: 'Currency is not supported' });
      send(response, 200, { currency_from: q('currency_from'), currency_to: q('currency_to'), min_amount: min });
    } else if (route === 'POST /v1/payment') {
      void readJson(request).then((body) => {
        const rate = RATES[String(body.pay_currency)];
        if (body.price_currency !== 'usd' || !rate || typeof body.price_amount !== 'number') {
          return send(response, 400, { message: 'Invalid payment request' });
        }
        const now = new Date().toISOString();
        const payment: FakePayment = {
          payment_id: String(nextId++),
          payment_status: 'waiting',
          pay_address: body.pay_currency === 'btc' ? '3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX' : `0x${'ab'.repeat(20)}`,
          price_amount: body.price_amount,
          price_currency: 'usd',
          pay_amount: Number((body.price_amount / rate).toFixed(8)),
          pay_currency: String(body.pay_currency),
          order_id: String(body.order_id),
          order_description: String(body.order_description ?? ''),
          ...(typeof body.ipn_callback_url === 'string' ? { ipn_callback_url: body.ipn_callback_url } : {}),
          created_at: now,
          updated_at: now,
          purchase_id: String(nextId + 1_000_000),
        };
        payments.set(payment.payment_id, payment);
        send(response, 201, payment);
      });
    } else {
      send(response, 404, { message: 'Not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onFileEnd(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    payments,
    calls,
    /** The IPN NOWPayments would post for a payment reaching `status`, with its nested `fee` object. */
    notification(payment: FakePayment, status: string): Record<string, unknown> {
      return {
        payment_id: Number(payment.payment_id),
        invoice_id: null,
        payment_status: status,
        pay_address: payment.pay_address,
        price_amount: payment.price_amount,
        price_currency: payment.price_currency,
        pay_amount: payment.pay_amount,
        actually_paid: status === 'finished' ? payment.pay_amount : 0,
        pay_currency: payment.pay_currency,
        order_id: payment.order_id,
        order_description: payment.order_description,
        purchase_id: payment.purchase_id,
        outcome_amount: payment.pay_amount,
        outcome_currency: payment.pay_currency,
        fee: { currency: payment.pay_currency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
        created_at: payment.created_at,
        updated_at: new Date().toISOString(),
      };
    },
  };
}

/**
 * NOWPayments calling back, server to server (no cookie, no CSRF header): `body` signed with `secret`, or with the
 * given `signature` (null: none at all).
 */
export function deliverNotification(
  app: App,
  secret: string,
  body: unknown,
  signature: string | null = signNotification(secret, body),
) {
  return app.inject({
    method: 'POST',
    url: api.paymentNotification.url,
    remoteAddress: '203.0.113.7',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-nowpayments-sig': signature } : {}) },
    payload: JSON.stringify(body),
  });
}
