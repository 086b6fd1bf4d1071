import { rules } from '@shared/policy';
import {
  bindOriginBody,
  bindOriginVerifyQuery,
  changePasswordBody,
  forgetPasswordBody,
  forgetPasswordVerifyBody,
  signinBody,
  signupBody,
  signupVerifyQuery,
} from '@shared/schemas/account';
import { captchaQuery } from '@shared/schemas/captcha';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { accountPolicy } from './policy';
import { signup, signupVerify } from './signup';
import { revokeSessions, signin } from './signin';
import { bindOrigin, bindOriginVerify } from './binding';
import { changePassword, forgetPassword, forgetPasswordVerify } from './password';
import { clientOf } from '@server/modules/users/operations';
import { codeAttempt } from '@server/http/user-limit';

const TAG = 'Accounts';

export const authRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/captcha',
    tag: 'Site',
    summary:
      'A new svg captcha: `hash` goes back as `encryptCaptcha`, with the 4 characters as `response`. When the site offers Cloudflare Turnstile, `turnstileSiteKey` names its widget; its token goes back as `{captchaType: "turnstile", response}`.',
    area: 'captcha',
    auth: 'none',
    policy: rules.anyone,
    query: captchaQuery,
    rateLimit: 'captcha',
    success: { code: 'captcha.gen' },
    handler: ({ services }) => {
      const { turnstileSiteKey, turnstileSecret } = services.config;
      return ok('captcha.gen', { ...services.captcha.create(), ...(turnstileSiteKey && turnstileSecret ? { turnstileSiteKey } : {}) });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/signup',
    tag: TAG,
    summary: 'Create an account bound to a platform account; a confirmation code is mailed to the platform e-mail.',
    area: 'signup',
    auth: 'none',
    policy: rules.anyone,
    body: signupBody,
    captcha: 'required',
    rateLimit: 'signup',
    success: { code: 'signup.needVerify', status: 201 },
    errors: ['signup.usernameExist', 'signup.originNotFound', 'signup.usernameMismatch', 'signup.gameNotShown', 'signup.originBindingExist', 'signup.error', 'mail.error'],
    handler: async ({ body, services, ip, req }) => {
      await signup(services, body.data, { ip, acceptLanguage: req.headers['accept-language']?.split(',')[0] });
      return ok('signup.needVerify', undefined, { message: 'Check your e-mail to finish signing up.' });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/signupVerify',
    tag: TAG,
    summary: 'Confirm a sign-up with the mailed code (single use, 4 hours).',
    area: 'signup',
    auth: 'none',
    policy: rules.anyone,
    query: signupVerifyQuery,
    rateLimit: 'codes',
    success: { code: 'signup.success', status: 201 },
    errors: ['signup.notFound', 'signup.expired', 'signup.usernameExist', 'signup.originBindingExist'],
    handler: async ({ query, services, req, ip }) => {
      const result = await signupVerify(services, query.code, clientOf(req, ip));
      if (result.expired) throw new AppError('signup.expired');
      return ok('signup.success', { username: result.user.username, userId: result.user.id });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/signin',
    tag: TAG,
    summary: 'Sign in by username or bound e-mail; the token goes in header `x-access-token`.',
    area: 'signin',
    auth: 'none',
    policy: rules.anyone,
    body: signinBody,
    rateLimit: 'signin',
    success: { code: 'signin.success' },
    errors: ['signin.noSuchUser', 'signin.invalidIdentity', 'captcha.bad', 'captcha.wrong', 'captcha.expired'],
    handler: async ({ body, services, ip, req }) => ok('signin.success', await signin(services, body.data, body, ip, clientOf(req, ip)), { message: 'Signed in.' }),
  }),
  defineRoute({
    method: 'post',
    path: '/user/signout',
    tag: TAG,
    summary: 'Sign out everywhere: every token issued before now stops working.',
    area: 'logout',
    auth: 'required',
    policy: rules.signedIn,
    success: { code: 'logout.success' },
    handler: async ({ user, services, req, ip }) => {
      await revokeSessions(services, user.row, {}, { kind: 'signout', client: clientOf(req, ip) });
      return ok('logout.success', undefined, { message: 'Signed out.' });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/bindOrigin',
    tag: TAG,
    summary: 'Bind a platform account: a code is mailed to its e-mail.',
    area: 'bindOrigin',
    auth: 'required',
    policy: accountPolicy.bind,
    body: bindOriginBody,
    captcha: 'skippable',
    rateLimit: 'bindOrigin',
    success: { code: 'bindOrigin.needVerify' },
    errors: ['bindOrigin.originNotFound', 'bindOrigin.gameNotShowed', 'bindOrigin.originBindingExist', 'bindOrigin.error', 'mail.error'],
    handler: async ({ user, body, services }) => {
      await bindOrigin(services, user, body.data);
      return ok('bindOrigin.needVerify');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/bindOriginVerify',
    tag: TAG,
    summary: 'Complete a binding with the mailed code, signed in as the account that asked.',
    area: 'bindOrigin',
    auth: 'required',
    policy: accountPolicy.bind,
    query: bindOriginVerifyQuery,
    rateLimit: 'codes',
    success: { code: 'bindOrigin.success' },
    errors: ['bindOrigin.notFound', 'bindOrigin.expired', 'bindOrigin.originBindingExist'],
    handler: async ({ user, query, services, req, ip }) => {
      const result = await codeAttempt(services, user.id, ['bindOrigin.notFound'], () => bindOriginVerify(services, user, query.code, clientOf(req, ip)));
      if (result.expired) throw new AppError('bindOrigin.expired');
      return ok('bindOrigin.success', { originName: result.originName });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/forgetPassword',
    tag: TAG,
    summary: 'Mail a password-reset code to the bound platform e-mail. The answer is the same whether or not the username and e-mail match an account (only a match gets the mail).',
    area: 'forgetPassword',
    auth: 'none',
    policy: rules.anyone,
    body: forgetPasswordBody,
    captcha: 'required',
    rateLimit: 'forgetPassword',
    success: { code: 'forgetPassword.needVerify' },
    errors: ['mail.error'],
    handler: async ({ body, services }) => {
      await forgetPassword(services, body.data);
      return ok('forgetPassword.needVerify');
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/forgetPasswordVerify',
    tag: TAG,
    summary: 'Set a new password with the mailed code; all sessions are signed out.',
    area: 'forgetPassword',
    auth: 'none',
    policy: rules.anyone,
    body: forgetPasswordVerifyBody,
    rateLimit: 'codes',
    success: { code: 'forgetPassword.success' },
    errors: ['forgetPassword.notFound', 'forgetPassword.expired'],
    handler: async ({ body, services, req, ip }) => {
      await forgetPasswordVerify(services, body.data, clientOf(req, ip));
      return ok('forgetPassword.success');
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/changePassword',
    tag: TAG,
    summary: 'Change the password (old one required); all sessions are signed out.',
    area: 'changePassword',
    auth: 'required',
    policy: accountPolicy.changePassword,
    body: changePasswordBody,
    success: { code: 'changePassword.success' },
    errors: ['changePassword.notMatch'],
    handler: async ({ user, body, services, req, ip }) => {
      await changePassword(services, user, body.data, clientOf(req, ip));
      return ok('changePassword.success');
    },
  }),
];

