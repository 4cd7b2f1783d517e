export interface Config {
  app?: {
    signIn?: {
      /**
       * The sign-in methods the sign-in page offers, in order: `guest` (the
       * demo) or `github` (the backend's GitHub provider). Default `[guest]`.
       * @visibility frontend
       */
      providers?: Array<'guest' | 'github'>;
    };
  };
}
