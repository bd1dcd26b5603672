export { announcementHandlers, announcementOpsHandlers } from './handlers.js';
export { latestAnnouncement } from './repository.js';
