// WebAuthn in the browser, for the account page: the service's options arrive as JSON (binary
// fields in base64url) and the authenticator's answer goes back as JSON. Browsers that have
// `PublicKeyCredential.parseCreationOptionsFromJSON` and `toJSON()` do this themselves; these small
// conversions cover those that do not yet.

const fromBase64url = (text) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
};

const toBase64url = (buffer) => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const withIds = (list) => (list ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) }));

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;

function credentialJson(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const { response } = credential;
  const json = { id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type, response: {} };
  json.response.clientDataJSON = toBase64url(response.clientDataJSON);
  if (response.attestationObject) {
    json.response.attestationObject = toBase64url(response.attestationObject);
    json.response.transports = typeof response.getTransports === 'function' ? response.getTransports() : [];
  } else {
    json.response.authenticatorData = toBase64url(response.authenticatorData);
    json.response.signature = toBase64url(response.signature);
    if (response.userHandle) json.response.userHandle = toBase64url(response.userHandle);
  }
  if (credential.authenticatorAttachment) json.authenticatorAttachment = credential.authenticatorAttachment;
  return json;
}

/** Makes a passkey with the registration options; the answer as JSON. */
export async function createPasskey(options) {
  const publicKey = {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: withIds(options.excludeCredentials),
  };
  return credentialJson(await navigator.credentials.create({ publicKey }));
}

/** Signs the sign-in options' challenge with a passkey the person picks; the answer as JSON. */
export async function getPasskey(options) {
  const publicKey = { ...options, challenge: fromBase64url(options.challenge), allowCredentials: withIds(options.allowCredentials) };
  return credentialJson(await navigator.credentials.get({ publicKey }));
}
