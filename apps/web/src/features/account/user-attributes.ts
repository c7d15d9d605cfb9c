import { updateUserAttributes } from 'aws-amplify/auth';

/**
 * UpdateUserAttributes on the signed-in account (docs/product/identity.md), with the user's own
 * token: Amplify's call unless a test answers it. The same call works against the embedded
 * identity service and Amazon Cognito.
 */
export type UpdateUserAttributes = (input: { userAttributes: Record<string, string> }) => Promise<unknown>;

export const amplifyUpdateUserAttributes: UpdateUserAttributes = updateUserAttributes;
