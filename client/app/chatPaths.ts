/** The address of a conversation (toasts of new messages link to it). */
export const chatPath = (userId: number) => `/profile/chat?with=${userId}`;
