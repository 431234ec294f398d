import { isJsonObject, isText, readText } from './json-answer.ts';
import { readFormAnswer, type AnswerReader, type FormAnswer } from './post-json.ts';

/**
 * The account squad's API (`/api/account/*`) as pages and other squads' servers read it. Each answer has its
 * reader here, used by the servers and the browser alike.
 */

/** `GET /api/account/providers`: the sign-in providers the pages may offer (only configured ones). */
export interface ProvidersDto {
  google: { clientId: string; scriptUrl: string } | null;
}

/** Reads `GET /api/account/providers`: the providers, or null when the answer is not that. */
export function readProviders(value: unknown): ProvidersDto | null {
  if (!isJsonObject(value)) return null;
  const { google } = value;
  if (google === null) return { google: null };
  return isJsonObject(google) && isText(google.clientId) && isText(google.scriptUrl)
    ? { google: { clientId: google.clientId, scriptUrl: google.scriptUrl } }
    : null;
}

/** `GET /api/account/session`: who is signed in, as the shell's session slice needs it (never the secret). */
export interface SessionDto {
  signedIn: boolean;
  user: { id: string; email: string; name: string; picture?: string; hasPassword: boolean } | null;
}

/** Reads `GET /api/account/session`: the session, or null when the answer is not one. */
export function readSession(value: unknown): SessionDto | null {
  if (!isJsonObject(value) || typeof value.signedIn !== 'boolean') return null;
  const { user } = value;
  if (user === null) return { signedIn: value.signedIn, user: null };
  if (!isJsonObject(user) || !isText(user.id) || !isText(user.email) || !isText(user.name) || typeof user.hasPassword !== 'boolean') return null;
  const picture = readText(user.picture);
  return {
    signedIn: value.signedIn,
    user: { id: user.id, email: user.email, name: user.name, hasPassword: user.hasPassword, ...(picture === undefined ? {} : { picture }) },
  };
}

/** `GET /api/account/internal/reset-token?token=`: whether a mailed reset link is still good. */
export interface ResetTokenCheckDto {
  valid: boolean;
}

/** Reads `GET /api/account/internal/reset-token`: the check, or null when the answer is not one. */
export function readResetTokenCheck(value: unknown): ResetTokenCheckDto | null {
  return isJsonObject(value) && typeof value.valid === 'boolean' ? { valid: value.valid } : null;
}

/** `POST /api/account/login` besides `cscode`: its problems, and where to go once signed in (a same-site path). */
export interface LoginAnswer extends FormAnswer {
  return?: string;
}

/** Reads `POST /api/account/login`. */
export const readLoginAnswer: AnswerReader<LoginAnswer> = (answer) => ({ ...readFormAnswer(answer), return: readText(answer.return) });

/** `POST /api/account/google` besides `cscode`: its problems, where to go once signed in, and the account's address. */
export interface GoogleSignInAnswer extends LoginAnswer {
  email?: string;
}

/** Reads `POST /api/account/google`. */
export const readGoogleSignInAnswer: AnswerReader<GoogleSignInAnswer> = (answer) => ({ ...readLoginAnswer(answer), email: readText(answer.email) });
