import type { UserSettableAttr } from '@shared/schemas/account';
import { api } from './client';
import type { AccountAttr, CaptchaAnswer, CaptchaChallenge, Me, SigninResult } from './types';

/** The account endpoints (server/modules/auth and users), one function each. */

export const getCaptcha = () => api.get<CaptchaChallenge>('/captcha', { t: Math.random().toString(36).slice(2) });

export const signin = (data: { username: string; password: string }, captcha: CaptchaAnswer) =>
  api.post<SigninResult>('/user/signin', { data: { ...data, visitType: 'websites' }, captcha });

export const signout = (token: string) => api.post<void>('/user/signout', undefined, { token });

export const signup = (
  data: { username: string; password: string; originEmail: string; originName: string; language: string },
  captcha: CaptchaAnswer,
) => api.post<void>('/user/signup', { data, captcha });

export const signupVerify = (code: string) => api.get<{ username: string; userId: number }>('/user/signupVerify', { code });

export const bindOrigin = (data: { originEmail: string; originName: string; language: string }, captcha: CaptchaAnswer) =>
  api.post<void>('/user/bindOrigin', { data, captcha });

export const bindOriginVerify = (code: string) => api.get<{ originName: string }>('/user/bindOriginVerify', { code });

export const forgetPassword = (data: { username: string; originEmail: string; language: string }, captcha: CaptchaAnswer) =>
  api.post<void>('/user/forgetPassword', { data, captcha });

export const forgetPasswordVerify = (code: string, newpassword: string) =>
  api.post<void>('/user/forgetPasswordVerify', { data: { code, newpassword } });

export const changePassword = (oldpassword: string, newpassword: string) =>
  api.post<void>('/user/changePassword', { data: { oldpassword, newpassword } });

export const changeName = (newname: string, captcha: CaptchaAnswer) =>
  api.post<{ chancesLeft: number }>('/user/changeName', { data: { newname }, captcha });

export const getMe = () => api.get<Me>('/user/me');

export const updateMe = (attr: UserSettableAttr) => api.post<{ attr: AccountAttr }>('/user/me', { data: { attr } });
