// Foundation stub: the Accounts issue builds the auth modal (login, register, verify, ...).
export function AuthModal() {
  return null;
}
