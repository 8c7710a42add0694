import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /users: the user list (SPEC section 2 "Users"). */
export function UsersPage() {
  return <PlaceholderPage titleKey="users.title" />;
}
