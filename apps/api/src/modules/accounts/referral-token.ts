import { jwtVerify, SignJWT } from 'jose';

// The referral widget's token (spec §7 User, POST /v1/user/cello): a Signet referral token that says
// who is asking and which referral code is theirs. It is an HS256 JWT under a key that belongs to
// the installation (REFERRAL_TOKEN_KEY or the data folder's generated secret), so only Signet can
// issue one and a widget served by Signet can check it. It carries no secret and opens no API call:
// the user id and the referral code are identifiers, not credentials.

const issuer = 'signet';
const audience = 'signet-referral';
/** Long enough for the widget to load and show the referral link; a new one is asked for each time. */
const referralTokenLifetimeSeconds = 60 * 60;

export interface ReferralClaims {
  userId: string;
  referralCode: string;
}

export async function issueReferralToken(
  key: Uint8Array,
  claims: ReferralClaims,
  now: Date,
): Promise<{ token: string; expiration: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + referralTokenLifetimeSeconds;
  const token = await new SignJWT({ referral_code: claims.referralCode })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiration: new Date(expiresAt * 1000) };
}

/**
 * The claims of a referral token this installation issued and that has not expired; throws
 * otherwise (wrong key, altered, expired, another issuer or audience, another algorithm).
 */
export async function verifyReferralToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<ReferralClaims> {
  const { payload } = await jwtVerify(token, key, {
    issuer,
    audience,
    algorithms: ['HS256'],
    currentDate: now,
    requiredClaims: ['sub', 'exp', 'iat'],
  });
  if (typeof payload.referral_code !== 'string' || !payload.sub)
    throw new Error('not a referral token: no referral code');
  return { userId: payload.sub, referralCode: payload.referral_code };
}
