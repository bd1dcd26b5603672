export { COUNTRIES, COUNTRY_CODES } from './countries.js';
