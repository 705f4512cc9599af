export { default, metadata } from '../../../principles/principles-page';
