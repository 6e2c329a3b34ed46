import { domainModels } from '../storage/index.ts';
import {
  openPaymentSchema,
  paymentItemSchema,
  paymentKeySchema,
  paymentOutcomeSchema,
  paymentSchema,
} from './payment-model.ts';
import { receivingAddressSchema } from './receiving-address-model.ts';

/** The payments domain's collections: only this domain reads or writes them. */
export const paymentModels = domainModels((connection) => ({
  Payment: connection.model('Payment', paymentSchema),
  PaymentOutcome: connection.model('PaymentOutcome', paymentOutcomeSchema),
  PaymentKey: connection.model('PaymentKey', paymentKeySchema),
  PaymentItem: connection.model('PaymentItem', paymentItemSchema),
  OpenPayment: connection.model('OpenPayment', openPaymentSchema),
  /** Stored under the collection's first name (in the database and in backup files). */
  ReceivingAddress: connection.model('ReceivingAddress', receivingAddressSchema, 'walletsettings'),
}));
