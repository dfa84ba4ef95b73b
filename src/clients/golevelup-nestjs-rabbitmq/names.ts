/** The library's name in findings and default messages. */
export const GOLEVELUP = '@golevelup/nestjs-rabbitmq';
/** The package, and its former name. */
export const GOLEVELUP_PACKAGE = /^(@golevelup\/nestjs-rabbitmq|@nestjs-plus\/rabbitmq)$/;
