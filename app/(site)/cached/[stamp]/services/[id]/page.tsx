export { default, generateMetadata } from '../../../../services/[id]/service-page';
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
