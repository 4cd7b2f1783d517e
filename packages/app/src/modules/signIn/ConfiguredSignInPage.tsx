import { SignInPage } from '@backstage/core-components';
import {
  configApiRef,
  githubAuthApiRef,
  useApi,
} from '@backstage/core-plugin-api';
import type { SignInPageProps } from '@backstage/plugin-app-react';

/** The sign-in methods `app.signIn.providers` can name. */
const PROVIDERS = {
  guest: 'guest',
  github: {
    id: 'github-auth-provider',
    title: 'GitHub',
    message: 'Sign in with your GitHub account',
    apiRef: githubAuthApiRef,
  },
} as const;

type ProviderName = keyof typeof PROVIDERS;

function isProviderName(name: string): name is ProviderName {
  return Object.prototype.hasOwnProperty.call(PROVIDERS, name);
}

/**
 * Backstage's sign-in page with the providers the configuration names
 * (`app.signIn.providers`, default `[guest]`): the demo signs in as the
 * guest, a production deployment with the GitHub provider it configures in
 * the backend. A name the page does not know is ignored rather than shown
 * as a button that cannot work.
 */
export function ConfiguredSignInPage(props: SignInPageProps) {
  const config = useApi(configApiRef);
  const names = config.getOptionalStringArray('app.signIn.providers') ?? [
    'guest',
  ];
  const providers = names.filter(isProviderName).map(name => PROVIDERS[name]);
  return <SignInPage {...props} providers={providers} />;
}
