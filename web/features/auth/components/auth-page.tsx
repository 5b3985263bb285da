import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AuthLayout } from './auth-layout';
import { MarketingPanel } from './marketing-panel';
import { SignInForm } from './sign-in-form';
import { SignUpPanel } from './sign-up-panel';

/** /auth: 'Sign In' (default) and 'Sign Up' tabs, and the marketing copy on large screens. */
export function AuthPage() {
  return (
    <AuthLayout aside={<MarketingPanel />}>
      <Tabs defaultValue="signin">
        <TabsList aria-label="Sign in or sign up">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpPanel />
        </TabsContent>
      </Tabs>
    </AuthLayout>
  );
}
