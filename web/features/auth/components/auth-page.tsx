import { Wrench } from 'lucide-react';
import { PRODUCT_NAME } from '../../../../shared/constants';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import styles from './auth.module.css';
import { MarketingPanel } from './marketing-panel';
import { SignInForm } from './sign-in-form';
import { SignUpPanel } from './sign-up-panel';

/** /auth: 'Sign In' (default) and 'Sign Up' tabs, and the marketing copy on large screens. */
export function AuthPage() {
  return (
    <div className={styles.page}>
      <main className={styles.formSide}>
        <div className={styles.formColumn}>
          <h1 className={styles.brand}>
            <Wrench className={styles.brandIcon} aria-hidden="true" />
            {PRODUCT_NAME}
          </h1>
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
        </div>
      </main>
      <MarketingPanel />
    </div>
  );
}
