/**
 * What the forms of the pages check their values with before they send: the protocol's bodies and TypeBox's check,
 * about 36 KB compressed. use-schema-form.ts loads this module once a form is on the page, not before the page
 * renders.
 */
export {
  ChangePasswordBody,
  CreatePaymentBody,
  LoginBody,
  RegisterBody,
  ReplyBody,
  StepUpBody,
  UpdateProfileBody,
} from '@enclave/protocol';
export { schemaErrors } from './schema-errors.ts';
