import { Button } from '@mantine/core';
import { oidcStartUrl } from '../api/sign-in-options';

/** 'Sign in with <provider>': a plain link, so the browser goes to the provider and back. */
export function CompanySignIn({ name, next, primary }: { name: string; next: string; primary: boolean }) {
  return (
    <Button component="a" href={oidcStartUrl(next)} fullWidth variant={primary ? 'filled' : 'default'}>
      Sign in with {name}
    </Button>
  );
}
