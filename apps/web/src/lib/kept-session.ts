/**
 * Amplify keeps `CognitoIdentityServiceProvider.<app client id>.LastAuthUser` in local storage
 * while a user is signed in, and removes it at sign-out. Its presence is a hint, read before
 * Amplify is loaded or configured, that the gate will most likely let the user straight in; the
 * gate still decides. Storage that cannot be read (private browsing) gives no hint.
 */
export function hasKeptSession(storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  try {
    if (storage === undefined) return false;
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') === true && key.endsWith('.LastAuthUser')) return true;
    }
    return false;
  } catch {
    return false;
  }
}
