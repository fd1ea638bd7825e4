import passport from 'passport';

/**
 * This app's passport: an Authenticator of its own (not passport's process-wide one), so the
 * strategies it registers are its own even when one process runs several apps (two instances in
 * one test process; an embedding app with its own passport).
 */
export const PASSPORT = Symbol('PASSPORT');

export type Authenticator = passport.Authenticator;

/** Names of an embedding app's strategies the API tries before the API key (possibly none). */
export const API_STRATEGIES = Symbol('API_STRATEGIES');

export const passportProvider = { provide: PASSPORT, useFactory: (): Authenticator => new passport.Passport() };
