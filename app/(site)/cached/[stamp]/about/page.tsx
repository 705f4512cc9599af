export { default, metadata } from '../../../about/about-page';
