export { Consumer } from './Consumer';
