import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

describe('Input and Label', () => {
  it('is named by its label, accepts typing and marks invalid state', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <Label htmlFor="email">Email</Label>
        <Input id="email" type="email" aria-invalid="true" aria-describedby="email-error" />
        <p id="email-error">Enter a valid e-mail address</p>
      </div>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(input.getAttribute('data-slot')).toBe('input');
    await user.type(input, 'demo@e2e.test');
    expect(input.value).toBe('demo@e2e.test');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('defaults to type text', () => {
    render(<Input aria-label="Username" />);
    expect(screen.getByRole('textbox', { name: 'Username' }).getAttribute('type')).toBe('text');
  });
});

describe('Card', () => {
  it('renders a heading title (h3 by default, another level with asChild)', () => {
    render(
      <div>
        <Card>
          <CardHeader>
            <CardTitle>Daily bonus</CardTitle>
            <CardDescription>Claim once a day</CardDescription>
          </CardHeader>
          <CardContent>Body</CardContent>
          <CardFooter>Footer</CardFooter>
        </Card>
        <Card>
          <CardTitle asChild>
            <h2>Weekly race</h2>
          </CardTitle>
        </Card>
      </div>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Daily bonus' })).toBeTruthy();
    const weekly = screen.getByRole('heading', { level: 2, name: 'Weekly race' });
    expect(weekly.getAttribute('data-slot')).toBe('card-title');
  });
});
