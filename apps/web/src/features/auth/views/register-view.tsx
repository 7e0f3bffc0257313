import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { RegisterFormSchema, type RegisterFormInput } from '../auth-schemas';
import { FormField, FormMessage } from '@/components/ui/form-field';
import type { ViewProps } from './view-props';

export function RegisterView({ goTo, run, email, setEmail }: ViewProps) {
  const { register: signUp } = useSession();
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(RegisterFormSchema),
    // 'Change it' in the verify view comes back here with the address filled in.
    defaultValues: { username: '', email, password: '', confirmPassword: '', terms: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await run(() => signUp({ email: values.email, password: values.password, username: values.username === '' ? undefined : values.username }));
      setEmail(values.email.trim());
      toast({ title: 'Verification email sent' });
      goTo('verify');
    } catch (error) {
      toast({ title: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <FormField
        label="Username"
        autoComplete="username"
        hint="3 to 20 letters, digits or underscores. Optional."
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <FormField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <div className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                id="register-terms"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={errors.terms ? true : undefined}
              />
            )}
          />
          <Label htmlFor="register-terms">
            I accept the
            <a href="/terms" target="_blank" rel="noreferrer" className="text-primary underline-offset-4 hover:underline">
              Terms &amp; Conditions
            </a>
          </Label>
        </div>
        <FormMessage>{errors.terms?.message}</FormMessage>
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Registering…' : 'Register'}
      </Button>
    </form>
  );
}
