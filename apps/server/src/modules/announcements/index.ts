export { announcementHandlers } from './handlers.js';
export { latestAnnouncement } from './repository.js';
