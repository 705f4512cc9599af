export { default, metadata } from '../../home-page';
