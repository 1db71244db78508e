/** What counts as an email address: for `email` attributes, users and admin users alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
