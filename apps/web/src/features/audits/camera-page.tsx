import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /camera: takes a photo for a finding (SPEC section 2). */
export function CameraPage() {
  return <PlaceholderPage titleKey="camera.title" />;
}
