/**
 * An error as Cognito reports it: `__type` and `message` in the body, `x-amzn-errortype` in the
 * headers. The names and English messages are the ones Amplify and the Authenticator match on
 * (protocol doc §1.3, §5.1, §7.6).
 */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const incorrectCredentials = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
export const userNotFound = () => new CognitoError('UserNotFoundException', 'User does not exist.');
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const invalidAccessToken = () => new CognitoError('NotAuthorizedException', 'Invalid Access Token');
export const revokedAccessToken = () => new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
export const codeMismatch = () =>
  new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const expiredCode = () =>
  new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
export const limitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
export const invalidSession = () =>
  new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
