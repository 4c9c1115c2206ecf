/*
 * The login's form schemas, loaded apart from its screen (`useZodForm` with a loader): the login
 * paints without zod, which comes once the form is on screen.
 */
export { loginEmailFormSchema, loginRequestSchema, twoFactorFormSchema } from '@exchange/contracts';
