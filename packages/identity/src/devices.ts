import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { IdentityContext } from './context';
import { CognitoError, invalidParameter } from './errors';
import { identityDevices } from './schema';
import { userFromAccessToken } from './sessions';
import { deviceSaltFromBase64, deviceVerifierFromBase64 } from './srp';
import type { User } from './users';

export type Device = typeof identityDevices.$inferSelect;

export const deviceNotFound = () => new CognitoError('ResourceNotFoundException', 'Device does not exist.');

/** The user's device with this key, if the key is one (Amplify sends it on every sign-in step). */
export async function deviceOf(ctx: IdentityContext, user: User, deviceKey: unknown): Promise<Device | undefined> {
  if (typeof deviceKey !== 'string' || deviceKey === '' || deviceKey.length > 128) return undefined;
  const [device] = await ctx.db
    .select()
    .from(identityDevices)
    .where(and(eq(identityDevices.deviceKey, deviceKey), eq(identityDevices.userId, user.id)));
  return device;
}

/**
 * The keys of a new device to track, for a sign-in that brought none (or one no longer tracked):
 * the statement that starts the session stores it, and the client confirms it next (ConfirmDevice).
 */
export function newDeviceKeys(ctx: IdentityContext) {
  return {
    deviceKey: `${ctx.config.region}_${randomUUID()}`,
    groupKey: `-${randomBytes(6).toString('base64url')}`,
  };
}

async function ownDevice(ctx: IdentityContext, body: Record<string, unknown>) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const device = await deviceOf(ctx, user, body['DeviceKey']);
  if (!device) throw deviceNotFound();
  return { user, device };
}

/** ConfirmDevice: stores the device's SRP salt and verifier (protocol doc §2.4). */
export async function confirmDevice(ctx: IdentityContext, body: Record<string, unknown>) {
  const { device } = await ownDevice(ctx, body);
  const config = (body['DeviceSecretVerifierConfig'] ?? {}) as { Salt?: unknown; PasswordVerifier?: unknown };
  if (typeof config.Salt !== 'string' || typeof config.PasswordVerifier !== 'string') {
    throw invalidParameter('DeviceSecretVerifierConfig needs Salt and PasswordVerifier.');
  }
  let salt: string;
  let verifier: string;
  try {
    salt = deviceSaltFromBase64(config.Salt);
    verifier = deviceVerifierFromBase64(config.PasswordVerifier);
  } catch {
    throw invalidParameter('DeviceSecretVerifierConfig is not valid.');
  }
  const name = typeof body['DeviceName'] === 'string' ? body['DeviceName'].slice(0, 256) : '';
  await ctx.db
    .update(identityDevices)
    .set({ salt, verifier, name, updatedAt: new Date(), lastAuthenticatedAt: new Date() })
    .where(eq(identityDevices.deviceKey, device.deviceKey));
  // Devices are remembered only when the user says so (UpdateDeviceStatus), as in "user opt-in".
  return { UserConfirmationNecessary: true };
}

export async function updateDeviceStatus(ctx: IdentityContext, body: Record<string, unknown>) {
  const { device } = await ownDevice(ctx, body);
  const status = body['DeviceRememberedStatus'];
  if (status !== 'remembered' && status !== 'not_remembered')
    throw invalidParameter('DeviceRememberedStatus must be remembered or not_remembered.');
  await ctx.db
    .update(identityDevices)
    .set({ remembered: status === 'remembered', updatedAt: new Date() })
    .where(eq(identityDevices.deviceKey, device.deviceKey));
  return {};
}

export async function forgetDevice(ctx: IdentityContext, body: Record<string, unknown>) {
  const { device } = await ownDevice(ctx, body);
  await ctx.db.delete(identityDevices).where(eq(identityDevices.deviceKey, device.deviceKey));
  return {};
}

export async function listDevices(ctx: IdentityContext, body: Record<string, unknown>) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const limit = typeof body['Limit'] === 'number' && body['Limit'] > 0 && body['Limit'] <= 60 ? body['Limit'] : 60;
  const after = ctx.sealer.open<{ key: string }>('list-devices', body['PaginationToken']);
  const rows = await ctx.db
    .select()
    .from(identityDevices)
    .where(
      and(
        eq(identityDevices.userId, user.id),
        // Only confirmed devices are listed, and the filter is in SQL so pages stay full.
        isNotNull(identityDevices.verifier),
        after ? gt(identityDevices.deviceKey, after.key) : undefined,
      ),
    )
    .orderBy(asc(identityDevices.deviceKey))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : undefined);
  return {
    Devices: page.map((d) => ({
      DeviceKey: d.deviceKey,
      DeviceAttributes: [
        { Name: 'device_name', Value: d.name },
        { Name: 'device_status', Value: d.remembered ? 'valid' : 'not_remembered' },
      ],
      DeviceCreateDate: seconds(d.createdAt),
      DeviceLastModifiedDate: seconds(d.updatedAt),
      DeviceLastAuthenticatedDate: seconds(d.lastAuthenticatedAt),
    })),
    ...(rows.length > limit
      ? { PaginationToken: ctx.sealer.seal('list-devices', { key: rows[limit - 1]!.deviceKey }, 3600) }
      : {}),
  };
}
