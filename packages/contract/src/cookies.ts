/** Names and lifetimes of what the dashboard keeps in the browser (spec part 1 §3, §9). */
export const COOKIE = { token: 'authToken', user: 'user', analytics: 'analytics' } as const;
export const STORAGE = { theme: 'theme', referralCode: 'referral_code' } as const;
export const COOKIE_MAX_AGE_DAYS = 3650;
