/** The characters an account's username may hold. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
