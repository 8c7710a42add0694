import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /user/:userId and /users/:id: the profile form. */
export function UserProfilePage() {
  return <PlaceholderPage titleKey="users.profileTitle" />;
}
