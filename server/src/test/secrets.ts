/** What must never leave the server, in an answer or a socket event: hashes, codes, internal fields. */
export const SECRETS =
  /\$argon2|passwordHash|codeHash|"verification"|"nonce"|sessionVersion|usernameKey|secondFactors|"hashes"|"salt"|pendingApp/;
