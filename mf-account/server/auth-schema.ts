import { boolean, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** The account squad's PostgreSQL schema (tables created by migrations/0002_auth_tables.sql). */
export const accountSchema = pgSchema('account');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Accounts of people (better-auth's `user` model). */
export const users = accountSchema.table('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** docs/console.md "Roles": the console role (better-auth's admin plugin), null for a customer. */
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  /** Two-factor sign-in enrolled (better-auth's twoFactor plugin); required for every console role. */
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  ...timestamps,
});

/** Sign-in sessions; the token travels only in an HttpOnly cookie. */
export const sessions = accountSchema.table('sessions', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  token: text('token').notNull().unique(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  userId: text('user_id').notNull(),
  impersonatedBy: text('impersonated_by'),
  ...timestamps,
});

/** Credentials per provider (`credential` holds the password hash). */
export const accounts = accountSchema.table('accounts', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  scope: text('scope'),
  password: text('password'),
  ...timestamps,
});

/** Short-lived values (password reset tokens). */
export const verifications = accountSchema.table('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/** TOTP secrets and backup codes (migrations/0004_console_roles.sql), encrypted by the library. */
export const twoFactors = accountSchema.table('two_factors', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  userId: text('user_id').notNull(),
  verified: boolean('verified').default(true),
  failedVerificationCount: integer('failed_verification_count').default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
