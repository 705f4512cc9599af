export { default, generateMetadata } from '../../../../insights/[id]/insight-page';
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
