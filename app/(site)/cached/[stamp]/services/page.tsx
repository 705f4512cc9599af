import { ServicesView, servicesMetadata } from '../../../services/services-page';

export function generateMetadata() {
  return servicesMetadata(null);
}

export default function CachedServicesPage() {
  return <ServicesView requested={null} />;
}
