import type { PaymentCurrency, PaymentProviderName, PaymentStatus, PriceEstimate } from '@enclave/protocol';

export interface PaymentOrder {
  orderId: string;
  /** USD. */
  priceUsd: number;
  currency: PaymentCurrency;
  description: string;
}

/** Where and how much the member pays, as the provider answered. */
export interface ProviderPayment {
  paymentId: string;
  status: PaymentStatus;
  payAmount: number;
  payAddress: string;
  network: string | null;
}

/** A way to take crypto payments: the environment's PAYMENT_PROVIDER picks one. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The product's currencies (btc, xmr, usdt, usdc) this provider can take now. */
  currencies(): Promise<PaymentCurrency[]>;
  estimate(amountUsd: number, currency: PaymentCurrency): Promise<PriceEstimate>;
  create(order: PaymentOrder): Promise<ProviderPayment>;
}
