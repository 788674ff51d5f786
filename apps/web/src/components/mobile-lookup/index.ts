export { MobileLookupButton } from './MobileLookupButton';
export { NOT_AUTHORIZED_MOBILE, postDialerInfo, showMobile, showMobileError, useMobileLookup } from './mobile-lookup';
