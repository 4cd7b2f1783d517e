import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { SignInPageBlueprint } from '@backstage/plugin-app-react';

const signInPage = SignInPageBlueprint.make({
  params: {
    loader: async () =>
      (await import('./ConfiguredSignInPage')).ConfiguredSignInPage,
  },
});

/** The app's sign-in page: the providers of `app.signIn.providers`. */
export const signInModule = createFrontendModule({
  pluginId: 'app',
  extensions: [signInPage],
});
