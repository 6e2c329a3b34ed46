import { domainModels } from '../storage/index.ts';
import { pictureSchema, userSchema } from './user-model.ts';

/** The users domain's collections: only this domain reads or writes them. */
export const userModels = domainModels((connection) => ({
  User: connection.model('User', userSchema),
  ProfilePicture: connection.model('ProfilePicture', pictureSchema),
}));
