export { MobileLookupButton } from './MobileLookupButton';
