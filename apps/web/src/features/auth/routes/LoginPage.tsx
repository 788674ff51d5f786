import { Divider, Skeleton } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { sanitizeNext } from '../../../lib/next-path';
import { useLoggedIn } from '../../../lib/session';
import { useSignInOptions } from '../api/sign-in-options';
import { AuthFrame } from '../components/AuthFrame';
import { CompanySignIn } from '../components/CompanySignIn';
import { SignInForm } from '../components/SignInForm';
import { usePageTitle } from '../../../components/page/use-page-title';

/**
 * The sign-in page (/login, docs/product/sign-in.md): leaves for the sanitised `next` once a token exists; offers
 * the company provider when configured and the password form unless local passwords are off.
 */
export default function LoginPage() {
  usePageTitle('Sign in');
  const loggedIn = useLoggedIn();
  const [params] = useSearchParams();
  const next = sanitizeNext(params.get('next'));
  const options = useSignInOptions();
  if (loggedIn) return <Navigate to={next} replace />;

  // Until the options arrive (or if they cannot be read) the password form shows, as it always did.
  const local = options.data?.local_login ?? true;
  const oidc = options.data?.oidc ?? null;
  return (
    <AuthFrame title="Sign in">
      {options.isPending ? <Skeleton height={36} radius="sm" aria-hidden="true" /> : null}
      {oidc ? <CompanySignIn name={oidc.name} next={next} primary={!local} /> : null}
      {oidc && local ? <Divider label="or with your Dossier password" labelPosition="center" /> : null}
      {local ? <SignInForm /> : null}
    </AuthFrame>
  );
}
