export { JwtAccessTokens, grantFromClaims, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from './jwt-access-tokens.ts';
export { JwtMdtSessions, MDT_SESSION_AUDIENCE } from './jwt-mdt-sessions.ts';
export { HmacSecretHasher } from './hmac-secret-hasher.ts';
export { CryptoSecretGenerator, newInstanceKey } from './crypto-secret-generator.ts';
export { Argon2PasswordHasher } from './argon2-password-hasher.ts';
export { ZxcvbnCommonPasswords } from './zxcvbn-common-passwords.ts';
