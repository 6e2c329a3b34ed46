import { domainModels } from '../storage/index.ts';
import { memberFactorsSchema, passkeySchema } from './factor-model.ts';

/** The factors domain's collections: only this domain reads or writes them. */
export const factorModels = domainModels((connection) => ({
  Passkey: connection.model('Passkey', passkeySchema),
  MemberFactors: connection.model('MemberFactors', memberFactorsSchema),
}));
