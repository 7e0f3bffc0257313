import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { LoginFormSchema, type LoginFormInput } from '../auth-schemas';
import { FormField, FormMessage } from '@/components/ui/form-field';
import type { ViewProps } from './view-props';

export function LoginView({ goTo, run, setEmail, setMfaToken }: ViewProps) {
  const { login } = useSession();
  const form = useForm<LoginFormInput>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;
  // spec 1 §5: one message covers both fields.
  const message = errors.email?.message ?? errors.password?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await run(() => login(values));
      // An account with two-factor sign-in finishes in the code view.
      if ('mfaRequired' in result) {
        setMfaToken(result.mfaToken);
        goTo('code');
        return;
      }
      const user = result;
      // A verified user is sent on by the dialog; an unverified one verifies first.
      if (!user.emailVerified) {
        setEmail(user.email);
        goTo('verify');
      }
    } catch (error) {
      toast({ title: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField label="Email or username" autoComplete="username" aria-invalid={errors.email ? true : undefined} {...form.register('email')} />
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">Password</Label>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => goTo('forgot')}>
            Forgot?
          </Button>
        </div>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
      </div>
      <FormMessage>{message}</FormMessage>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox id="login-remember" checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
          )}
        />
        <Label htmlFor="login-remember">Remember me</Label>
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
