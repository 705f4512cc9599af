/** What the add-endpoint and rotate forms return: typed values back with errors, or the secret, shown this once. */
export interface SecretFormState {
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  /** The signing secret, in the answer to the request that made it and nowhere else. */
  secret: string | null;
  /** The endpoint it belongs to. */
  endpointId: string | null;
}

export const emptySecretForm: SecretFormState = { values: {}, errors: {}, secret: null, endpointId: null };
