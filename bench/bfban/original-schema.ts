/**
 * The original site's tables as its code uses them,
 * written for MariaDB: every column the import reads, including the ones its published dump lacks
 * (players.appealStatus and hackerLevel, comments.hackerLevel) and, as an option, the
 * users.introduction column some installations still have. No foreign keys, as the original.
 */
export interface OriginalSchemaOptions {
  /** users.introduction varchar(512): present on installations older than 2022-02. */
  withIntroduction?: boolean;
}

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export function originalSchema(opts: OriginalSchemaOptions = {}): string[] {
  return [
    `CREATE TABLE players (
      id int unsigned NOT NULL AUTO_INCREMENT,
      originName varchar(64) DEFAULT NULL,
      originUserId varchar(20) DEFAULT NULL,
      originPersonaId varchar(20) DEFAULT NULL,
      games json DEFAULT NULL,
      cheatMethods json DEFAULT NULL,
      avatarLink varchar(256) DEFAULT '',
      viewNum int unsigned DEFAULT 0,
      commentsNum int unsigned DEFAULT 0,
      valid tinyint unsigned DEFAULT 1,
      status int DEFAULT 0,
      createTime datetime DEFAULT NULL,
      updateTime datetime DEFAULT NULL,
      appealStatus varchar(10) DEFAULT NULL,
      hackerLevel int DEFAULT NULL,
      PRIMARY KEY (id), UNIQUE KEY originUserId (originUserId), KEY originPersonaId (originPersonaId),
      KEY originName (originName), KEY createTime (createTime), KEY updateTime (updateTime)
    ) ${TABLE}`,
    `CREATE TABLE comments (
      id int unsigned NOT NULL AUTO_INCREMENT,
      type enum('report','judgement','reply','banAppeal') DEFAULT NULL,
      toPlayerId int unsigned DEFAULT NULL,
      toOriginUserId varchar(40) DEFAULT NULL,
      toOriginPersonaId varchar(40) DEFAULT NULL,
      toOriginName varchar(40) DEFAULT NULL,
      byUserId int unsigned DEFAULT NULL,
      createTime datetime DEFAULT NULL,
      valid tinyint DEFAULT 1,
      videoLink varchar(255) DEFAULT NULL,
      content text,
      cheatGame varchar(20) DEFAULT NULL,
      cheatMethods json DEFAULT NULL,
      toCommentId int unsigned DEFAULT NULL,
      judgeAction varchar(10) DEFAULT NULL,
      viewedAdmins json DEFAULT NULL,
      appealStatus enum('open','close','lock') DEFAULT 'open',
      hackerLevel int DEFAULT NULL,
      PRIMARY KEY (id), KEY toPlayerId (toPlayerId), KEY createTime (createTime), KEY toOriginUserId (toOriginUserId)
    ) ${TABLE}`,
    `CREATE TABLE name_logs (
      id int unsigned NOT NULL AUTO_INCREMENT,
      originName varchar(64) DEFAULT NULL,
      originUserId varchar(20) DEFAULT NULL,
      originPersonaId varchar(20) DEFAULT NULL,
      fromTime datetime DEFAULT NULL,
      toTime datetime DEFAULT NULL,
      PRIMARY KEY (id), KEY originUserId (originUserId), KEY originName (originName)
    ) ${TABLE}`,
    `CREATE TABLE users (
      id int unsigned NOT NULL AUTO_INCREMENT,
      username varchar(40) NOT NULL,
      password varchar(200) DEFAULT NULL,
      valid tinyint DEFAULT 1,
      privilege json DEFAULT NULL,
      subscribes json DEFAULT NULL,
      attr json DEFAULT NULL,
      originName varchar(64) DEFAULT NULL,
      originUserId varchar(20) DEFAULT NULL,
      originPersonaId varchar(20) DEFAULT NULL,
      originEmail varchar(256) DEFAULT NULL,
      signoutTime datetime DEFAULT NULL,
      createTime datetime DEFAULT NULL,
      updateTime datetime DEFAULT NULL,
      ${opts.withIntroduction ? 'introduction varchar(512) DEFAULT NULL,' : ''}
      PRIMARY KEY (id), UNIQUE KEY username (username), KEY originUserId (originUserId),
      KEY originPersonaId (originPersonaId), KEY createTime (createTime)
    ) ${TABLE}`,
    `CREATE TABLE messages (
      id int unsigned NOT NULL AUTO_INCREMENT,
      byUserId int unsigned DEFAULT NULL,
      toUserId int unsigned DEFAULT NULL,
      type varchar(32) DEFAULT NULL,
      content text,
      haveRead tinyint unsigned DEFAULT 0,
      createTime datetime DEFAULT NULL,
      PRIMARY KEY (id), KEY toUserId (toUserId), KEY byUserId (byUserId)
    ) ${TABLE}`,
    `CREATE TABLE storage_items (
      id int unsigned NOT NULL AUTO_INCREMENT,
      filename varchar(255) DEFAULT NULL,
      size int unsigned DEFAULT NULL,
      byUserId int DEFAULT NULL,
      fileId varchar(255) DEFAULT NULL,
      createTime datetime DEFAULT NULL,
      PRIMARY KEY (id), KEY fileId (fileId)
    ) ${TABLE}`,
    `CREATE TABLE storage_quotas (
      userId int NOT NULL,
      totalStorageQuota bigint DEFAULT NULL,
      usedStorageQuota bigint DEFAULT NULL,
      maxTrafficQuota int DEFAULT NULL,
      todayTrafficQuota int DEFAULT NULL,
      maxFileNumber int DEFAULT NULL,
      todayFileNumber int DEFAULT NULL,
      prevResetTime datetime DEFAULT NULL,
      PRIMARY KEY (userId)
    ) ${TABLE}`,
    `CREATE TABLE verifications (
      username varchar(40) DEFAULT NULL,
      userId int unsigned DEFAULT NULL,
      type enum('register','binding','reset') DEFAULT NULL,
      uniqCode varchar(256) NOT NULL,
      password varchar(200) DEFAULT NULL,
      originName varchar(64) DEFAULT NULL,
      originEmail varchar(256) DEFAULT NULL,
      originPersonaId varchar(20) DEFAULT NULL,
      originUserId varchar(20) DEFAULT NULL,
      expiresTime datetime DEFAULT NULL,
      createTime datetime DEFAULT NULL,
      PRIMARY KEY (uniqCode)
    ) ${TABLE}`,
    `CREATE TABLE used_captchas (uniqHash varchar(256) NOT NULL, expiresTime datetime DEFAULT NULL, PRIMARY KEY (uniqHash)) ${TABLE}`,
    `CREATE TABLE operation_log (
      id int NOT NULL AUTO_INCREMENT,
      createTime timestamp NULL DEFAULT CURRENT_TIMESTAMP,
      byUserId varchar(20) DEFAULT NULL,
      toUserId varchar(20) DEFAULT NULL,
      action varchar(20) DEFAULT NULL,
      role varchar(20) DEFAULT NULL,
      PRIMARY KEY (id)
    ) ${TABLE}`,
  ];
}
